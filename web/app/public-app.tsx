import { Route, Switch } from 'wouter';
import { PublicLayout } from './public-layout';
import { NotFoundPage } from './not-found-page';
import { PUBLIC_ROUTES } from '@common/web-routes';
import { publicPages } from './routes';

export function PublicApp() {
  return (
    <PublicLayout>
      <Switch>
        {Object.entries(PUBLIC_ROUTES).map(([path, page]) => (
          <Route key={path} path={path} component={publicPages[page]} />
        ))}
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </PublicLayout>
  );
}
