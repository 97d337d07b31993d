package com.acme.kt

data class CityRequest(val city: String)

data class Reading(val city: String, val level: Level, val label: String)

data class Forecast(val city: String, val summary: String, val level: Level)

enum class Level(val label: String) {
	LOW("calm"),
	HIGH("stormy");
}
