package com.acme.kt

import org.springframework.ai.chat.client.ChatClient
import org.springframework.ai.chat.client.entity
import org.springframework.ai.tool.ToolCallback
import org.springframework.ai.tool.function.FunctionToolCallback
import org.springframework.boot.CommandLineRunner
import org.springframework.boot.autoconfigure.SpringBootApplication
import org.springframework.boot.runApplication
import org.springframework.context.ConfigurableApplicationContext
import org.springframework.context.annotation.Bean
import org.springframework.context.annotation.Configuration

@SpringBootApplication
class KotlinToolsApplication {

	@Bean
	fun runner(chatClientBuilder: ChatClient.Builder, context: ConfigurableApplicationContext) = CommandLineRunner {
		val chatClient = chatClientBuilder.build()
		try {
			val forecast = chatClient.prompt("What is the weather in Oslo?")
				.toolNames("forecast")
				.call()
				.entity<Forecast>()
			println("${forecast.city}: ${forecast.summary} (${forecast.level})")
		} catch (e: Exception) {
			println("failed: ${e.message}")
		}
		context.close()
	}
}

@Configuration
class Tools {

	@Bean
	fun forecast(lookup: (CityRequest) -> Reading): ToolCallback {
		return FunctionToolCallback.builder("forecast", lookup)
			.description("The forecast of a city")
			.inputType(CityRequest::class.java)
			.build()
	}

	@Bean
	fun lookup(): (CityRequest) -> Reading = { request -> Station().read(request) }
}

class Station : Function1<CityRequest, Reading> {

	override fun invoke(request: CityRequest): Reading = read(request)

	fun read(request: CityRequest): Reading {
		var level = Level.LOW
		if (request.city.startsWith("O")) {
			level = Level.HIGH
		}
		return Reading(request.city, level, level.label)
	}
}

fun main(args: Array<String>) {
	runApplication<KotlinToolsApplication>(*args)
}
