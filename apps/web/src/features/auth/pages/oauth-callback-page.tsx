import { useEffect, useRef } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { failureKey } from '../../../lib/api-error';
import { useOAuthCode } from '../api/use-oauth-code';

/** Callback of an external sign-in: exchanges the code for tokens, then continues on /login. */
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
    if (!provider || !code) {
      navigate('/login', { replace: true, state: { errorKey: 'messages.oauthFailed' } });
      return;
    }
    exchange.mutate(
      { provider, callback: { code, state, iss } },
      {
        onSuccess: () => navigate('/login', { replace: true }),
        onError: (error) =>
          navigate('/login', {
            replace: true,
            state: { errorKey: failureKey(error, 'messages.oauthFailed') },
          }),
      },
    );
  }, [provider, code, state, iss, navigate, exchange.mutate]);

  return <PageLoader />;
}
