// Placeholder while the forkpty test helper is written.
import Foundation
