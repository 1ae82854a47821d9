// Registration and the profile offer the same three choices.
export const GENDERS = { M: '男', F: '女', S: '不透露' } as const;
