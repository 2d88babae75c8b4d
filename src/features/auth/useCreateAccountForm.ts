// Both ways to create an account (RegisterPage, RegisterWithLicensePage) submit alike: the same
// failure message, then the new session is stored and the app opens at home.
import type { AuthResponse } from '../../../contract';
import { useAuth } from '../../session';
import { useServerForm, type ServerFormOptions } from '../../ui/useServerForm';
import { useSignInThenHome } from './sign-in-then-home';

export function useCreateAccountForm<T extends Record<string, unknown>>({
  create,
  ...options
}: Pick<ServerFormOptions<T>, 'initialValues' | 'validate' | 'fields'> & { create: (values: T) => Promise<AuthResponse> }) {
  const { login } = useAuth();
  const signInThenHome = useSignInThenHome();
  return useServerForm<T>({
    ...options,
    fallback: 'Your account could not be created.',
    action: async (values) => {
      const account = await create(values);
      await signInThenHome(() => login(account.user, account.token, account.credits));
    },
  });
}
