import { projectFile } from '../lib/project-files';

/** The committed migrations, applied at start by whichever driver is in use. */
export const MIGRATIONS_FOLDER = projectFile('server', 'db', 'migrations');

// Any fixed number shared by every process of this app: processes starting together
// over one PostgreSQL take turns, and the later ones find the migrations applied.
export const MIGRATION_LOCK_ID = 7_302_451_906;
