// @test-database none: no query here (decision 0020).
import { describe, expect, it } from "vitest";
import { pickSocialProfile } from "./social";

const none = { instagramUrl: "", facebookUrl: "", youtubeUrl: "", tiktokUrl: "" };

describe("pickSocialProfile", () => {
  it("is null when the coach has set no social page, so nothing is invented", () => {
    expect(pickSocialProfile(none)).toBeNull();
  });

  it("prefers Instagram, then Facebook, YouTube and TikTok", () => {
    const all = {
      instagramUrl: "https://www.instagram.com/coach/",
      facebookUrl: "https://www.facebook.com/coach",
      youtubeUrl: "https://www.youtube.com/@coach",
      tiktokUrl: "https://www.tiktok.com/@coach",
    };
    expect(pickSocialProfile(all)).toEqual({ url: "https://www.instagram.com/coach/", network: "Instagram" });
    expect(pickSocialProfile({ ...all, instagramUrl: "" })).toEqual({ url: "https://www.facebook.com/coach", network: "Facebook" });
    expect(pickSocialProfile({ ...none, youtubeUrl: all.youtubeUrl, tiktokUrl: all.tiktokUrl })?.network).toBe("YouTube");
    expect(pickSocialProfile({ ...none, tiktokUrl: all.tiktokUrl })?.network).toBe("TikTok");
  });

  it("skips settings that are not http(s) addresses", () => {
    expect(pickSocialProfile({ ...none, instagramUrl: "javascript:alert(1)", facebookUrl: "not a url", tiktokUrl: " https://www.tiktok.com/@coach " })).toEqual({
      url: "https://www.tiktok.com/@coach",
      network: "TikTok",
    });
  });
});
