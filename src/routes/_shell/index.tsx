import { createFileRoute } from '@tanstack/react-router';
import { validateHomeSearch } from '../../app/searchParams.ts';
import { ComingInThisBuild } from '../../features/shell/ComingInThisBuild.tsx';

export const Route = createFileRoute('/_shell/')({
  // `?shake=true` is typed and validated here; the home screen acts on it.
  validateSearch: validateHomeSearch,
  component: () => <ComingInThisBuild title="Home" />,
});
