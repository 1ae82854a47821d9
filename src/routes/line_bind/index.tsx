import { createFileRoute } from '@tanstack/react-router';
import { LineBindMobileScreen } from '../../features/line-bind/mobile-screen';

export const Route = createFileRoute('/line_bind/')({
  component: LineBindMobileScreen,
});
