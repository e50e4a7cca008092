import { paths } from '../../config/paths';
import { session } from '../../lib/session';
import { CompaniesScreen, SignInScreen } from '../screens';
import { PreloadedRedirect } from './redirect';

/** `/`: the companies when signed in, otherwise sign-in (spec §2). */
export const HomeRedirect = () =>
  session.get() ? (
    <PreloadedRedirect to={paths.companies.to()} screen={CompaniesScreen} />
  ) : (
    <PreloadedRedirect to={paths.signIn.to()} screen={SignInScreen} />
  );
