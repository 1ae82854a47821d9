import * as v from 'valibot';
import { searchText } from '../../lib/search';

/** /reset_pwd and /change_pwd keep a `rurl` they are opened with. */
export const passwordSearchSchema = v.object({ rurl: searchText });
