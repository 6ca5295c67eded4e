import Foundation
import NotezKit

/// Now in the local zone for capture commands: `NOTEZ_NOW` fixes the moment, `TZ` the zone.
enum CaptureClock {
    /// The current moment and zone.
    static var now: LocalTime {
        LocalTime(seconds: PlanExecution.now, zone: LocalTime.zone(environment: ProcessInfo.processInfo.environment))
    }

    /// The capture settings of a vault; what was ignored in them goes to stderr as warnings.
    static func settings(root: String) -> CaptureSettings {
        let settings = CaptureSettings.load(root: root)
        for warning in settings.warnings { Terminal.warning(TerminalText.safe(warning)) }
        return settings
    }
}
