import * as v from 'valibot';
import { birthdaySchema } from '#protocol/schemas';

/** The date input's `YYYY-MM-DD` as the wire's `YYYY/MM/DD`. */
export const slashDate = (inputValue: string) => inputValue.replaceAll('-', '/');

/** The wire's `YYYY/MM/DD` as the date input's `YYYY-MM-DD`. */
export const dashDate = (wireDate: string) => wireDate.replaceAll('/', '-');

/** An optional birthday from the date input; a date that is given is held to the protocol's rule and message. */
export const birthdayInputSchema = v.pipe(
  v.string(),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed || dataset.value === '') return;
    const result = v.safeParse(birthdaySchema, slashDate(dataset.value));
    if (!result.success) addIssue({ message: result.issues[0].message });
  }),
);
