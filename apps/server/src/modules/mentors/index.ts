/** What the rest of the server uses of mentor links (issue 23): only through here. */
export { mentorRoutes } from './routes.ts';
