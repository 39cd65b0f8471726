// @test-database none: no query here (decision 0020).
import { describe, expect, it } from "vitest";
import { renderMarkdown, snippet } from "./markdown.server";

/** Attacks a trainer's (possibly stolen) account could paste into an article. */
const hostile = [
  "<script>alert(1)</script>",
  "<SCRIPT SRC=https://evil.example/x.js></SCRIPT>",
  '<img src=x onerror="alert(1)">',
  "<svg onload=alert(1)><circle r=1 /></svg>",
  "<svg><script>alert(1)</script></svg>",
  '<iframe src="https://evil.example"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<a href="javascript:alert(1)">raw html link</a>',
  '<div style="background:url(javascript:alert(1))">styled</div>',
  '<p onclick="alert(1)">click</p>',
  "[x](javascript:alert(1))",
  "[x](JaVaScRiPt:alert(1))",
  "[x](java\tscript:alert(1))",
  "[x]( javascript:alert(1))",
  "[x](&#106;avascript:alert(1))",
  "[x](&#x6A;avascript&#x3A;alert(1))",
  "[x](javascript&colon;alert(1))",
  "[x](\u0001javascript:alert(1))",
  "[x](vbscript:msgbox(1))",
  "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
  "[x](file:///etc/passwd)",
  "[x][ref]\n\n[ref]: javascript:alert(1)",
  "<javascript:alert(1)>",
  "<data:text/html,<script>alert(1)</script>>",
  "![x](javascript:alert(1))",
  "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
  "![x](data:image/png;base64,iVBORw0KGgo=)",
  '![x](https://ok.example/a.png "title" onerror="alert(1)")',
  "[x](//evil.example/path)",
  "![x](//evil.example/a.png)",
  '"><script>alert(1)</script>',
  "<style>body{display:none}</style>",
  "<form action=https://evil.example><input name=p></form>",
  "<meta http-equiv=refresh content=0;url=https://evil.example>",
  "[click](https://ok.example\" onmouseover=\"alert(1))",
];

describe("renderMarkdown: hostile input", () => {
  it.each(hostile)("%j leaves no script, handler, style or unsafe URL", (source) => {
    const html = renderMarkdown(source);
    // No live tags beyond the allowlist…
    expect(html).not.toMatch(/<\s*(script|svg|iframe|object|embed|style|form|input|meta|div|math|base|link)\b/i);
    // …no event handlers or inline styles as attributes…
    expect(html).not.toMatch(/<[^<>]+\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/<[^<>]+\sstyle\s*=/i);
    // …and every URL attribute of a real tag (text has its < escaped) is http(s), mailto or relative.
    const urls = [...html.matchAll(/<[a-z][^>]*>/gi)].flatMap(([tag]) => [...tag.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1]));
    for (const url of urls) {
      expect(url).toMatch(/^(https?:|mailto:|\/(?!\/)|[^:/]*$|[^:]*\/)/i);
      expect(url!.toLowerCase()).not.toMatch(/^\s*(javascript|vbscript|data|file):/);
    }
  });

  it("shows raw HTML as text instead of running it", () => {
    expect(renderMarkdown("<script>alert(1)</script>")).toBe("<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>\n");
  });

  it("drops a javascript: link but keeps its words", () => {
    const html = renderMarkdown("[x](javascript:alert(1))");
    expect(html).not.toContain("<a");
    expect(html).toContain("x");
  });

  it("renders a data: image as its alt text only", () => {
    expect(renderMarkdown("![a chart](data:image/png;base64,iVBORw0KGgo=)")).toBe("<p>a chart</p>\n");
  });
});

describe("renderMarkdown: what authors need", () => {
  it("renders headings one level down (the title is the page's h1), emphasis, lists, quotes, code and tables", () => {
    const html = renderMarkdown(
      "# Warm-up\n\n## Sets\n\n**Heavy** and *slow*.\n\n- one\n- two\n\n3. three\n\n> Push.\n\n`rest` then\n\n```js\nlet x = 1 < 2;\n```\n\n| a | b |\n|---|---|\n| 1 | 2 |",
    );
    expect(html).toContain("<h2>Warm-up</h2>");
    expect(html).toContain("<h2>Sets</h2>");
    expect(html).not.toContain("<h1");
    expect(html).toContain("<strong>Heavy</strong>");
    expect(html).toContain("<em>slow</em>");
    expect(html).toContain("<ul>");
    expect(html).toContain('<ol start="3">');
    expect(html).toContain("<blockquote>");
    expect(html).toContain("<code>rest</code>");
    expect(html).toContain('<pre><code class="language-js">let x = 1 &lt; 2;');
    expect(html).toContain("<table>");
  });

  it("marks external links noopener noreferrer nofollow and leaves site links alone", () => {
    expect(renderMarkdown("[out](https://ok.example/x)")).toBe('<p><a href="https://ok.example/x" rel="noopener noreferrer nofollow">out</a></p>\n');
    expect(renderMarkdown("https://ok.example")).toContain('<a href="https://ok.example" rel="noopener noreferrer nofollow">');
    expect(renderMarkdown("[mail](mailto:coach@example.com)")).toContain('href="mailto:coach@example.com"');
    expect(renderMarkdown("[our plans](/services)")).toBe('<p><a href="/services">our plans</a></p>\n');
    expect(renderMarkdown("[top](#top)")).toBe('<p><a href="#top">top</a></p>\n');
  });

  it("keeps this site's images, lazily loaded, and shows other sites' images as their alt text", () => {
    expect(renderMarkdown("![squat](/uploads/abc.webp)")).toBe('<p><img src="/uploads/abc.webp" alt="squat" loading="lazy" /></p>\n');
    expect(renderMarkdown("![squat](https://cdn.example/a.jpg)")).toBe("<p>squat</p>\n");
  });
});

describe("snippet", () => {
  it("is the plain text of the Markdown, cut at a word near 160 characters", () => {
    const text = snippet(`# Heading\n\nSome **bold** & <b>raw</b> text. ${"more words ".repeat(30)}`);
    expect(text.startsWith("Heading Some bold & <b>raw</b> text.")).toBe(true);
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text.endsWith("…")).toBe(true);
    expect(snippet("Short.")).toBe("Short.");
  });
});
