import { useEffect, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { failureKey } from '../../../lib/api-error';
import { useOAuthCode } from '../api/use-oauth-code';
import { canGoBack, rememberSignInFailure } from '../sign-in-failure';

/**
 * Callback of an external sign-in: exchanges the code for tokens, then continues on /login. On failure
 * or without a code it goes back (spec part 1 §2), the error following in session storage for the
 * sign-in form; a tab opened on the callback has nowhere to go back to and goes to /login.
 */
export function OAuthCallbackPage() {
  const { provider } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const exchange = useOAuthCode();
  const started = useRef(false);
  const code = params.get('code');
  const state = params.get('state') ?? undefined;
  const iss = params.get('iss') ?? undefined;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fail = (errorKey: string) => {
      if (canGoBack()) {
        rememberSignInFailure(errorKey);
        navigate(-1);
      } else {
        navigate('/login', { replace: true, state: { errorKey } });
      }
    };
    if (!provider || !code) {
      fail('messages.oauthFailed');
      return;
    }
    exchange.mutate(
      { provider, callback: { code, state, iss } },
      {
        onSuccess: () => navigate('/login', { replace: true }),
        onError: (error) => fail(failureKey(error, 'messages.oauthFailed')),
      },
    );
  }, [provider, code, state, iss, navigate, exchange.mutate]);

  return <PageLoader />;
}
