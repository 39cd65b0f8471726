/** Run by the e2e global set-up with tsx, after the users: the fixture articles the browser tests read. */
import { withDatabase } from "../../../scripts/cli";
import { createArticle } from "~/modules/articles/articles.server";
import { findUserByEmail } from "~/modules/users/users.server";
import { fixtureArticles } from "./fixture-articles";
import { users } from "./users";

await withDatabase(async () => {
  const trainer = await findUserByEmail(users.trainer.email);
  if (!trainer) throw new Error("Seed the users first: the trainer writes the fixture articles");
  const actor = { id: trainer.id, email: trainer.email, role: "trainer" as const };
  for (const { title, excerpt, content, category, membersOnly } of Object.values(fixtureArticles)) {
    await createArticle(actor, { title, excerpt, content, category, membersOnly, imageId: null, readTime: 4, published: true });
  }
});
