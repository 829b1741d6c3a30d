import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ButtonLink } from '../../ui/ButtonLink';
import { usePageMeta } from '../usePageMeta';
import { ERROR_PAGE_TITLE, ErrorPage } from './ErrorPage';
import { NotFoundPage } from './NotFoundPage';

/**
 * The routes' `errorElement`: a page that throws while rendering, or whose code fails to load (a stale chunk after a
 * deploy, a dropped connection), shows the error page in place of that page, inside its layout where it has one.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return isRouteErrorResponse(error) && error.status === 404 ? <NotFoundPage /> : <RouteFailure />;
}

function RouteFailure() {
  usePageMeta(ERROR_PAGE_TITLE);
  return (
    <ErrorPage
      homeLink={
        <ButtonLink to="/" variant="outline">
          Go to the home page
        </ButtonLink>
      }
    />
  );
}
