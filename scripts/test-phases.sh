# Sourced by scripts/test.sh and scripts/suite-under-load.sh: the suites that compute for seconds (decoding corpora,
# encoding clips, fuzzing, rendering goldens). They run in a phase of their own. Beside the suites that talk to an
# emulator or a child process in real time they held both threads of the cooperative pool for tens of seconds, and
# an in-process app's 5 s StartService deadline passed while its answer waited behind them (docs/lab/test-suite.md,
# "How the suite keeps the pool free"). A new suite that computes for more than a second goes on this list.
computing='SDLWireTests|SDLMediaTests|SDLAudioTests\.|SDLRPCTests|CarWindowTests\.'
computing+='|HeadUnitTests\.RandomizedRPCFuzzTests|HeadUnitTests\.RPCFuzzRegressionTests|HeadUnitTests\.TraceReplayTests'
# The real-time suites run at most this many tests at once (Swift Testing's SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH,
# unbounded by default): started all together, ~540 tests queued their jobs on the 2-thread pool at once and in-process
# apps still missed their 5 s StartService deadline in a clean-clone run; at 4 none did, for 90 s -> 122 s of wall time.
export SWT_EXPERIMENTAL_MAXIMUM_PARALLELIZATION_WIDTH=4
