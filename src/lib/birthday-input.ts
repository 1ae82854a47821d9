import * as v from 'valibot';
import { birthdaySchemaAt } from '#protocol/schemas';
import { serverNow } from './server-clock';

/** The date input's `YYYY-MM-DD` as the wire's `YYYY/MM/DD`. */
export const slashDate = (inputValue: string) => inputValue.replaceAll('-', '/');

/** The wire's `YYYY/MM/DD` as the date input's `YYYY-MM-DD`. */
export const dashDate = (wireDate: string) => wireDate.replaceAll('/', '-');

// The server refuses a birthday by its own day; a phone whose clock is hours off would judge by another.
const birthdayAtServerTime = birthdaySchemaAt(serverNow);

/** An optional birthday from the date input; a date that is given is held to the protocol's rule and message. */
export const birthdayInputSchema = v.pipe(
  v.string(),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed || dataset.value === '') return;
    const result = v.safeParse(birthdayAtServerTime, slashDate(dataset.value));
    if (!result.success) addIssue({ message: result.issues[0].message });
  }),
);
