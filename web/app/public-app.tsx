import { Route, Switch } from 'wouter';
import { PublicLayout } from './public-layout';
import { NotFoundPage } from './not-found-page';
import { publicPages as P } from './routes';

export function PublicApp() {
  return (
    <PublicLayout>
      <Switch>
        <Route path="/" component={P.landing} />
        <Route path="/home" component={P.landing} />
        <Route path="/catalog" component={P.catalog} />
        <Route path="/about" component={P.about} />
        <Route path="/support" component={P.support} />
        <Route path="/documentation" component={P.documentation} />
        <Route path="/privacy" component={P.privacy} />
        <Route path="/plugin/:slug" component={P.plugin} />
        <Route path="/checkout/:slug" component={P.checkout} />
        <Route path="/purchase/success" component={P.purchaseSuccess} />
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </PublicLayout>
  );
}
