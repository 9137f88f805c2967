import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPolicy } from '../../features/legal/PrivacyPolicy.tsx';

export const Route = createFileRoute('/_shell/privacy-policy')({
  component: PrivacyPolicy,
});
