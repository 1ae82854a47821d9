import { createFileRoute } from '@tanstack/react-router';
import { RootError } from '../components/root-error';

export const Route = createFileRoute('/')({
  component: RootError,
});
