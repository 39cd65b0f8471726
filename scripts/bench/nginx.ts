/** Debian's nginx on 127.0.0.1 serving one saved HTML file, as the benchmark's static baseline. */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../free-port";
import { cores, findCommand, onServerCore } from "./cores";

export const NGINX_INSTALL_HINT = "apt-get install -y nginx";

export interface Nginx {
  url: string;
  stop: () => Promise<void>;
}

/** NGINX_PATH, else Debian's place (/usr/sbin is not on every PATH), else the PATH. */
export function findNginx(): string | null {
  return findCommand("nginx", process.env.NGINX_PATH ?? "/usr/sbin/nginx");
}

/**
 * Starts nginx in the foreground with a temp config: keep-alive, no access log, gzip when
 * asked, the same Content-Type our server sends. The page is served as /. Like our server,
 * it gets the server's core and one worker (one worker per core where nothing is pinned).
 */
export async function startNginx(binary: string, html: string): Promise<Nginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "relentless-nginx-"));
  fs.mkdirSync(path.join(dir, "www"));
  fs.writeFileSync(path.join(dir, "www", "index.html"), html);
  // Started as root, nginx's workers run as nobody: they must be able to read the page.
  fs.chmodSync(dir, 0o755);
  const port = await freePort();
  const conf = `
worker_processes ${cores ? 1 : "auto"};
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp;
  proxy_temp_path ${dir}/tmp;
  fastcgi_temp_path ${dir}/tmp;
  uwsgi_temp_path ${dir}/tmp;
  scgi_temp_path ${dir}/tmp;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  # Like our server (compression's zlib default, level 6) for clients that ask for gzip.
  gzip on;
  gzip_comp_level 6;
  server {
    listen 127.0.0.1:${port};
    root ${dir}/www;
    location = / { default_type "text/html; charset=utf-8"; try_files /index.html =404; }
  }
}
`;
  fs.writeFileSync(path.join(dir, "nginx.conf"), conf);
  const [command, ...args] = onServerCore([binary, "-p", dir, "-c", path.join(dir, "nginx.conf")]);
  const child = spawn(command!, args, { stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // not yet listening
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`nginx did not start (see ${dir}/error.log)`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGQUIT");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
