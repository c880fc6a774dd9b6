// Placeholder while the line editor's terminal tests are written (SwiftPM needs a source file).
import Testing
