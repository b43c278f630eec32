import { useMutation } from '@tanstack/react-query';
import { post } from '../../api/client';

export function useResendVerification() {
  return useMutation({ mutationFn: () => post<{ alreadyVerified: boolean }>('/api/auth/resend-verification') });
}
