let memberRoutes: Promise<typeof import('./member-routes')> | undefined;

/**
 * The signed-in area's chunk, imported once for everyone who asks (the router for a signed-in
 * address, the sign-in form while it signs in, React.lazy): two imports would add its style sheets twice.
 */
export const loadMemberRoutes = () => (memberRoutes ??= import('./member-routes'));
