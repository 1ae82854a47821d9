// Its own module so the demo-only LIFF mock gets a chunk of its own name.
export { LiffMockPlugin } from '@line/liff-mock';
