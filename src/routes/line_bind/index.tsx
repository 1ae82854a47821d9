import { createFileRoute } from '@tanstack/react-router';
import { toProfileOnceBound } from '../../features/line-bind/arrival';
import { LineBindMobileScreen } from '../../features/line-bind/mobile-screen';

export const Route = createFileRoute('/line_bind/')({
  beforeLoad: toProfileOnceBound,
  component: LineBindMobileScreen,
});
