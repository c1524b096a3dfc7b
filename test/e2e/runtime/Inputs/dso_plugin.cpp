// Measured code in an object the program dlopen()s.
namespace app {
int plugin_helper(int X) { return X + 1; }
} // namespace app

extern "C" int app_plugin_entry(int X) {
  return app::plugin_helper(X) * app::plugin_helper(X);
}
