import { TASK_REWARDS_CALLS_IN_A_ROW } from '../../api/rewards';
import { RoutePending } from '../../components/route-pending';

/**
 * /recommend's wait: its rewards come from calls one after another, each with a call's deadline,
 * so the page is not called failed while they still may answer.
 */
export const RecommendPending = () => <RoutePending callsInARow={TASK_REWARDS_CALLS_IN_A_ROW} />;
