import { Navigate } from 'react-router-dom';
import { paths } from '../../config/paths';
import { session } from '../../lib/session';

/** `/`: the companies when signed in, otherwise sign-in (spec §2). */
export const HomeRedirect = () => <Navigate to={session.get() ? paths.companies.to() : paths.signIn.to()} replace />;
