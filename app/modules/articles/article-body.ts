/**
 * Type styles for rendered Markdown (the article page and the editor's preview).
 * Tailwind resets headings and lists, so the body gets its own rhythm here.
 */
export const articleBodyClass = [
  "text-lg leading-relaxed text-zinc-800",
  "[&>*+*]:mt-5",
  "[&_h2]:mt-10 [&_h2]:text-3xl [&_h2]:font-bold [&_h2]:uppercase",
  "[&_h3]:mt-8 [&_h3]:text-2xl [&_h3]:font-bold",
  "[&_h4]:mt-6 [&_h4]:text-xl [&_h4]:font-semibold [&_h5]:font-semibold [&_h6]:font-semibold",
  "[&_a]:font-semibold [&_a]:text-brand-strong [&_a]:underline [&_a]:underline-offset-2",
  "[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_li+li]:mt-2",
  "[&_blockquote]:border-l-4 [&_blockquote]:border-brand [&_blockquote]:pl-4 [&_blockquote]:italic",
  "[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-zinc-950 [&_pre]:p-4 [&_pre]:text-sm [&_pre]:text-zinc-100",
  "[&_code]:font-mono [&_:not(pre)>code]:rounded [&_:not(pre)>code]:bg-zinc-100 [&_:not(pre)>code]:px-1",
  "[&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl",
  "[&_table]:w-full [&_table]:border-collapse [&_th]:border [&_th]:border-zinc-300 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left",
  "[&_td]:border [&_td]:border-zinc-300 [&_td]:px-3 [&_td]:py-2 [&_hr]:border-zinc-200",
].join(" ");
