// CarWindowTesting's users get the tools too (ExternalTool, BlockingWork, VideoProbe, CarWindowTestingError): they
// live in CarWindowTestingTools so that the low layers' tests can use them without linking the emulator and the UI.
@_exported public import CarWindowTestingTools
