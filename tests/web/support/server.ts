import { setupServer } from 'msw/node';

/** The network every web test runs against; each test adds the answers it needs. */
export const server = setupServer();
