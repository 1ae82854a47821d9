import { createFileRoute } from '@tanstack/react-router';
import { RecommendScreen } from '../features/recommend/recommend-screen';

export const Route = createFileRoute('/recommend')({
  component: RecommendScreen,
});
