import { createFileRoute } from '@tanstack/react-router';
import { validateSearchPageSearch } from '../../app/searchParams.ts';
import { ComingInThisBuild } from '../../features/shell/ComingInThisBuild.tsx';

export const Route = createFileRoute('/_shell/search')({
  validateSearch: validateSearchPageSearch,
  component: () => <ComingInThisBuild title="Discover Events" />,
});
