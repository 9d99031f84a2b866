// A well-formed shared library that is not a Trident plugin: it exports a
// function, but not the entry point.
extern "C" __attribute__((visibility("default"))) int notATridentPlugin() {
  return 42;
}
