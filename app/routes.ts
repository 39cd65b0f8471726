import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("login", "routes/login.tsx", { id: "login" }),
  route("auth", "routes/login.tsx", { id: "auth" }),
  route("register", "routes/login.tsx", { id: "register" }),
  route("signup", "routes/signup.tsx"),
  route("logout", "routes/logout.tsx"),
  route("auth/callback", "routes/auth-callback.tsx"),
  route("setup", "routes/setup.tsx"),
  route("profile-setup", "routes/profile-setup.tsx"),
  route("members", "routes/members.tsx"),
  route("admin", "routes/admin.tsx"),
  route("cms", "routes/cms.tsx"),
  route("unauthorized", "routes/unauthorized.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
