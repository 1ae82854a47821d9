// Registration and the profile offer the same three choices. The spec words the third for each
// screen: registration asks whether to say it ("prefer not to say"), the profile shows a choice
// kept ("keep private").
export const REGISTRATION_GENDERS = { M: '男', F: '女', S: '不透露' } as const;
export const PROFILE_GENDERS = { ...REGISTRATION_GENDERS, S: '保密' } as const;
