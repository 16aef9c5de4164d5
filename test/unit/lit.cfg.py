# Runs the GoogleTest unit tests of the runtime library, one lit test each.
import lit.formats

config.name = "cucpu-unit"
config.test_format = lit.formats.GoogleTest(".", "unittests")
config.test_source_root = config.unittests_dir
config.test_exec_root = config.unittests_dir
