# lit configuration for the benchmark smoke test (bench/smoke.test), so the test suite can run
# it: lit --param glass_build=build bench/
import os

import lit.formats

config.name = "Glass-bench"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".test"]
config.test_source_root = os.path.dirname(__file__)
build = lit_config.params.get("glass_build")
config.test_exec_root = os.path.join(os.path.abspath(build) if build else "/tmp", "bench-lit")
config.environment["PATH"] = os.environ.get("PATH", "")
if build:
    config.environment["GLASS_BUILD"] = os.path.abspath(build)
config.substitutions.append(("%bench", config.test_source_root))
