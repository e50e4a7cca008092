import { paths } from '../../contracts/app-paths';
import { appLink } from '../../platform/app-origin';
import type { Position } from '../../app/positions/positions';

/** A position as the API shows it: the public apply link as a full URL. */
export const positionView = async (position: Position) => {
  const { applyLinkId, ...rest } = position;
  return { ...rest, applyLink: applyLinkId ? { linkHref: await appLink(paths.apply.to(applyLinkId)) } : null };
};
