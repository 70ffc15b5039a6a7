// The server's logger for routes' loaders and actions: a route module reaches the browser too, so it
// takes server code only through a *.server module.
export { logger } from "~server/observability/log";
