// node:http and nothing else, answering every request with one saved response (the body
// in BODY_FILE, the header list in HEADERS_JSON): what Node itself can do with our bytes.
import fs from "node:fs";
import http from "node:http";

const body = fs.readFileSync(process.env.BODY_FILE);
const headers = JSON.parse(process.env.HEADERS_JSON);
const server = http.createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("listening"));
