import { createFileRoute } from '@tanstack/react-router';
import { TermsOfService } from '../../features/legal/TermsOfService.tsx';

export const Route = createFileRoute('/_shell/terms-of-service')({
  component: TermsOfService,
});
