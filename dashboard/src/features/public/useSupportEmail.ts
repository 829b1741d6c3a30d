import { usePublicConfig } from '../../app/config/publicConfig';
import { DEFAULT_SUPPORT_EMAIL } from './content/marketing';

/** The support address from GET /api/config, or the default while it loads or when it fails. */
export function useSupportEmail(): string {
  const { data } = usePublicConfig();
  return data?.supportEmail || DEFAULT_SUPPORT_EMAIL;
}
