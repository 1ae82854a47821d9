import { createFileRoute, redirect } from '@tanstack/react-router';

// The spec writes this address both ways; one screen lives at the lower-case one.
export const Route = createFileRoute('/Change_member_mobile/')({
  beforeLoad: ({ location }) => {
    throw redirect({
      href: `/change_member_mobile${location.searchStr}${location.hash ? `#${location.hash}` : ''}`,
      replace: true,
    });
  },
});
