import { createFileRoute } from '@tanstack/react-router';
import { requireBindMobile } from '../../features/line-bind/arrival';
import { LineBindPasswordScreen } from '../../features/line-bind/password-screen';

export const Route = createFileRoute('/line_bind/login')({
  beforeLoad: requireBindMobile,
  component: LineBindPasswordScreen,
});
