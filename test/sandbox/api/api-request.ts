import type { IncomingMessage } from 'node:http';
import type { Outcome } from '../http/reply';
import type { SandboxServices } from '../services';

/** What a route's handler is given, and what it is: in its own file so handlers in other files (downloads) import no route table. */
interface ApiRequest {
  services: SandboxServices;
  req: IncomingMessage;
  url: URL;
  /** Origin the client used (from Host), for absolute URLs in answers. */
  origin: string;
  params: string[];
}

export type ApiHandler = (request: ApiRequest) => Promise<Outcome>;
