import { usePageMeta } from '../usePageMeta';
import { ButtonLink } from '../../ui/ButtonLink';
import { Card } from '../../ui/Card';
import { Icon } from '../../ui/Icon';

export const NOT_FOUND_TITLE = '404 Page Not Found';

export function NotFoundPage() {
  usePageMeta(NOT_FOUND_TITLE);
  return (
    <Card className="mx-4 my-16 p-8 text-center sm:mx-auto sm:max-w-md">
      <Icon name="alertTriangle" className="mx-auto h-10 w-10 text-red-500" />
      <h1 className="mt-4 text-2xl font-bold text-slate-900 dark:text-white">{NOT_FOUND_TITLE}</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        The page you are looking for does not exist or has moved.
      </p>
      <ButtonLink to="/" variant="outline" className="mt-6">
        Go to the home page
      </ButtonLink>
    </Card>
  );
}
