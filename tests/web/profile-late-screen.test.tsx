import { QueryClientProvider, useSuspenseQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config';
import { memberProfileQueryOptions } from '../../src/features/profile/api/get-member-profile';
import { loadMemberProfile } from '../../src/features/profile/load-member-profile';
import { createQueryClient } from '../../src/lib/query-client';
import { installRuntimeConfig } from './support/config';
import { answerProfile, signIn } from './support/profile';

afterEach(() => vi.useRealTimers());

/** What the profile screen reads: the profile its route loaded. */
function ProfileName() {
  const { data } = useSuspenseQuery(memberProfileQueryOptions());
  return <p>{data.name}</p>;
}

describe('/change_member: a screen whose code comes after its profile', () => {
  it('shows the profile its route loaded, without loading it again behind the member as they type', async () => {
    installRuntimeConfig();
    loadConfig();
    const loads = answerProfile();
    signIn();
    const queryClient = createQueryClient();
    await loadMemberProfile(queryClient, 'enter');

    // On one bar of signal the screen's own code can arrive seconds after the profile it shows.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 5000);
    render(
      <QueryClientProvider client={queryClient}>
        <Suspense>
          <ProfileName />
        </Suspense>
      </QueryClientProvider>,
    );
    expect(await screen.findByText('王小明')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));

    expect(loads).toHaveLength(1);
  });
});
