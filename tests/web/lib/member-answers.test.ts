import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { memberCardQueryOptions } from '../../../src/features/member-card/api';
import { memberProfileQueryOptions } from '../../../src/features/profile/api/get-member-profile';
import { ownReferralCodeQueryOptions } from '../../../src/features/recommend/api';
import { forgetMemberAnswers, MEMBER_ANSWER_ROOTS } from '../../../src/lib/member-answers';

describe('the answers about the member in the query cache', () => {
  it('are each keyed under a root that goes with the session', () => {
    const keys = [memberProfileQueryOptions(), memberCardQueryOptions(), ownReferralCodeQueryOptions('token')].map(
      (options) => options.queryKey[0],
    );
    for (const root of keys) expect(MEMBER_ANSWER_ROOTS).toContain(root);
  });

  it('go when no screen shows them, and stay while one does; the rest of the cache stays', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['member_card'], { name: '王小明' });
    queryClient.setQueryData(['member_profile', 'referral_code', 'token'], 'ABCD2345');
    queryClient.setQueryData(['terms', 'register'], []);
    queryClient.setQueryData(['member_profile'], { name: '王小明' });
    // Shown on a screen: observed, and fresh, so it is not asked for again.
    const shown = new QueryObserver(queryClient, {
      queryKey: ['member_profile'],
      queryFn: () => ({ name: '王小明' }),
      staleTime: Number.POSITIVE_INFINITY,
    });
    const stopShowing = shown.subscribe(() => {});

    forgetMemberAnswers(queryClient);
    expect(queryClient.getQueryData(['member_card'])).toBeUndefined();
    expect(queryClient.getQueryData(['member_profile', 'referral_code', 'token'])).toBeUndefined();
    expect(queryClient.getQueryData(['member_profile'])).toEqual({ name: '王小明' });
    expect(queryClient.getQueryData(['terms', 'register'])).toEqual([]);

    // Being fetched (a loader's call, which may be the one that met the session's end): it stays.
    let answerCard: (card: unknown) => void = () => {};
    void queryClient.fetchQuery({
      queryKey: ['member_card'],
      queryFn: () => new Promise((done) => (answerCard = done)),
    });
    forgetMemberAnswers(queryClient);
    expect(queryClient.getQueryState(['member_card'])?.fetchStatus).toBe('fetching');
    answerCard({ name: '王小明' });

    stopShowing();
    forgetMemberAnswers(queryClient);
    expect(queryClient.getQueryData(['member_profile'])).toBeUndefined();
  });
});
